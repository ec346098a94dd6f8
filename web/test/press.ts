import { fireEvent } from '@testing-library/react';

/**
 * A user's click as the browser sends it: press, release, click. antd's Select opens on the press, the select faces
 * (components/lazy-select) on the click, so a test that opens either the way a user does works with both.
 */
export function press(el: Element) {
  fireEvent.mouseDown(el);
  fireEvent.mouseUp(el);
  fireEvent.click(el);
}
