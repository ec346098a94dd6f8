import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 draws its imperative parts (Toast, Dialog.confirm) with ReactDOM.render, which React 19 removed: it
 * is handed createRoot instead (antd-mobile's own recipe for React 19).
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((r) => setTimeout(r, 0));
    root.unmount();
    roots.delete(container);
  };
});
