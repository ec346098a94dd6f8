import { useCallback, useContext, useEffect, useRef } from 'react';
import { type Navigator, parsePath, UNSAFE_NavigationContext, useBeforeUnload, useLocation } from 'react-router';
import { getToken } from '../../../lib/storage.ts';

type Go = Navigator['push'];

/**
 * Asks before the user leaves the current page while `active` (unsaved changes):
 * - in the console (sidebar, links, navigate()): the app runs the declarative HashRouter, which has no useBlocker
 *   (that needs a data router, whose loaders cost every route ~17 KB, router.tsx), so the router's navigator is
 *   wrapped while active: a navigation to another path waits for `ask()` and happens only when it resolves true.
 *   Query-only changes of the same page (the type switch) pass; so does everything once the session ended (sign-out
 *   clears the token first, and must not be held back by a dialog);
 * - closing or reloading the tab: the browser's own beforeunload prompt.
 * The browser's back/forward buttons cannot be held in a hash router; the caller keeps its drafts so nothing is lost.
 */
export function useLeaveGuard(active: boolean, ask: () => Promise<boolean>) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  const askRef = useRef(ask);
  askRef.current = ask;

  useBeforeUnload(
    useCallback(
      (e: BeforeUnloadEvent) => {
        if (!active) return;
        e.preventDefault();
        e.returnValue = '';
      },
      [active],
    ),
  );

  useEffect(() => {
    if (!active) return;
    const nav = navigator;
    const { push, replace } = nav;
    let asking = false;
    const guard =
      (go: Go): Go =>
      (to, state, opts) => {
        const next = typeof to === 'string' ? parsePath(to).pathname : to.pathname;
        if (!next || next === pathname || !getToken()) return go.call(nav, to, state, opts);
        if (asking) return;
        asking = true;
        void askRef.current().then((ok) => {
          asking = false;
          if (ok) go.call(nav, to, state, opts);
        });
      };
    nav.push = guard(push);
    nav.replace = guard(replace);
    return () => {
      nav.push = push;
      nav.replace = replace;
    };
  }, [active, navigator, pathname]);
}
