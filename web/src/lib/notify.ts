import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/** The API client lives outside React; the app hands it antd's context-aware message API once mounted. */
let api: MessageInstance | undefined;
export const setMessageApi = (m: MessageInstance) => {
  api = m;
};
const m = () => api ?? staticMessage;

export const notify = {
  success: (text: string) => void m().success(text),
  warning: (text: string) => void m().warning(text),
  error: (text: string) => void m().error(text),
  info: (text: string) => void m().info(text),
};
