import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// The app registers every feature's pages at start-up (main → router → registry); tests look pages up the same way.
import '../src/app/registry.ts';

// findBy*/waitFor give up after 1 s by default: too short when several test files render antd at once on two cores
// (a 50-row table with its pager has missed it). A real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });

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
