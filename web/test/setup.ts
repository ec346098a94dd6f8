import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd under jsdom needs matchMedia and a getComputedStyle that accepts a pseudo-element argument.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
const gcs = window.getComputedStyle;
window.getComputedStyle = (elt: Element) => gcs(elt);
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as any).ResizeObserver ??= RO;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
