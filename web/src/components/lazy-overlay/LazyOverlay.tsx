import type { PopoverProps, TooltipProps } from 'antd';
import { cloneElement, type FocusEvent, type MouseEvent, type ReactElement, useEffect, useState } from 'react';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { onUse } from './on-use.ts';

/** antd's Popover, loaded on use (docs/performance-browser.md): start it when the trigger is reached. */
export const popover = onUse(() => import('./popover.ts').then((m) => m.Popover));
/** antd's Tooltip, loaded after the first paint or when a trigger is reached, whichever comes first. */
export const tooltip = onUse(() => import('./tooltip.ts').then((m) => m.Tooltip));

type Triggers = {
  onMouseEnter?: (e: MouseEvent) => void;
  onMouseLeave?: (e: MouseEvent) => void;
  onFocus?: (e: FocusEvent) => void;
};

/**
 * antd's Tooltip without its weight in a route's first load: the trigger is drawn alone until Tooltip's chunk is in
 * (after the page has painted and the browser is idle, or at once when the pointer or the focus reaches a trigger),
 * then inside Tooltip; if the pointer is on the trigger when it arrives, the tooltip opens. Same props as Tooltip; the
 * child must take a ref and pointer handlers, as for Tooltip.
 */
export function LazyTooltip({ children, ...props }: TooltipProps & { children: ReactElement<Triggers> }) {
  const Tooltip = tooltip.useValue();
  const painted = useAfterPaint();
  const [inside, setInside] = useState(false);
  useEffect(() => {
    if (painted) tooltip.start();
  }, [painted]);
  if (Tooltip)
    return (
      <Tooltip {...props} defaultOpen={inside}>
        {children}
      </Tooltip>
    );
  const own = children.props;
  return cloneElement(children, {
    onMouseEnter: (e: MouseEvent) => {
      setInside(true);
      tooltip.start();
      own.onMouseEnter?.(e);
    },
    onMouseLeave: (e: MouseEvent) => {
      setInside(false);
      own.onMouseLeave?.(e);
    },
    onFocus: (e: FocusEvent) => {
      tooltip.start();
      own.onFocus?.(e);
    },
  });
}

/**
 * antd's Popover opened by its caller (`open`), loaded on use: the trigger alone until the chunk is in; the caller
 * starts it (`popover.start()`) when the pointer or the focus reaches the trigger, and keeps `open` while it loads.
 */
export function LazyPopover({ children, ...props }: PopoverProps & { children: ReactElement }) {
  const Popover = popover.useValue();
  if (!Popover) return children;
  return <Popover {...props}>{children}</Popover>;
}
