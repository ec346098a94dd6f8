import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
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

// Any React or antd warning fails the test that caused it: deprecated antd props, missing keys, state
// updates outside act(). The message is still printed; the test fails after it ends, naming every warning it saw.
const FAILING = [
  /^Warning:/,
  /\[antd:/,
  /not wrapped in act\(/,
  /unique "key" prop/,
  /Encountered two children with the same key/,
];
// Third-party warnings that cannot be fixed here, each with its reason. Empty: keep it so.
const ALLOWED: RegExp[] = [];
let warnings: string[] = [];
for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const text = format(...args);
    if (FAILING.some((r) => r.test(text)) && !ALLOWED.some((r) => r.test(text)))
      warnings.push(`console.${level}: ${text}`);
    original(...args);
  };
}
afterEach(() => {
  const seen = warnings;
  warnings = [];
  if (seen.length) throw new Error(`React/antd warnings during the test:\n${seen.join('\n')}`);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
