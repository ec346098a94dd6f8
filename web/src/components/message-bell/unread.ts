import { messageApi } from '@jz/contracts/api/message';
import { queryOptions } from '@tanstack/react-query';
import { callContract } from '../../lib/contract-client.ts';

export const MESSAGE_KEYS = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  list: ['messages', 'list'] as const,
  latest: ['messages', 'latest'] as const,
};

/** How often the badge asks while the page is visible, as a fallback to the events below. */
export const UNREAD_POLL_MS = 15_000;

export const unreadQuery = queryOptions({
  queryKey: MESSAGE_KEYS.unread,
  queryFn: () => callContract(messageApi.unreadCount, {}, { quiet: true, silentError: true }),
  staleTime: 5_000,
  refetchOnWindowFocus: true,
  refetchInterval: UNREAD_POLL_MS,
  refetchIntervalInBackground: false,
});

/**
 * The window event that says "messages changed": the message page fires it after marking or deleting, and the live
 * order stream (order-badge/order-stream.ts) fires it on each `message` event (any new message of the user), each
 * order event and each (re)connection, so the badge follows at once:
 *   window.dispatchEvent(new Event(MESSAGES_CHANGED))
 */
export const MESSAGES_CHANGED = 'jz:messages-changed';
export const notifyMessagesChanged = () => window.dispatchEvent(new Event(MESSAGES_CHANGED));
