import type { FormInstance } from 'antd';
import { ApiError, handleFailure } from './api-client.ts';
import { notify } from './notify.ts';

type Path = (string | number)[];
interface ErrorField {
  name: Path;
  errors: string[];
}

/** A field's element by the ids antd gives controls (`<form name>_<path>`); a list's container may carry its id too. */
const nodeOf = (formName: string, name: Path) => document.getElementById([formName, ...name].join('_'));

/** Page order, innermost first: a cell's error comes before the error of the list (or card) that contains it. */
function byPage(a: HTMLElement, b: HTMLElement) {
  if (a.contains(b)) return 1;
  if (b.contains(a)) return -1;
  return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

function scrollAndFocus(form: FormInstance, name: Path, node: HTMLElement | null) {
  // Centred: a message above the field stays in view with it (and the sticky header does not cover it).
  node?.scrollIntoView?.({ block: 'center' });
  form.focusField(name);
  if (node && !node.contains(document.activeElement)) node.focus?.({ preventScroll: true });
}

/**
 * A long form's save that fails validation (docs/ux-states.md): scrolls to the first field in error — as the page
 * shows them, top to bottom, a cell before the list containing it — focuses it and says so in a message, so a save
 * never "does nothing" while the reason sits off screen. For `onFinishFailed` (antd's scrollToFirstError stays off:
 * it follows registration order and cannot reach a list's own error).
 */
export function focusFirstError(form: FormInstance, formName: string, errorFields: ErrorField[]) {
  const failing = errorFields.filter((f) => f.errors.length);
  if (!failing.length) return;
  const placed = failing
    .map((f) => ({ f, node: nodeOf(formName, f.name) }))
    .filter((x): x is { f: ErrorField; node: HTMLElement } => !!x.node)
    .sort((a, b) => byPage(a.node, b.node));
  const first = placed[0] ?? { f: failing[0], node: null };
  scrollAndFocus(form, first.f.name, first.node);
  notify.error(`请修正标出的错误：${first.f.errors[0]}`);
}

/**
 * A save the server refused. When `fieldOf` finds the field the message is about, the message (or the shorter `error`
 * it gives for a narrow field) is shown under that field, the page scrolls to it and focuses it, and a message says so; otherwise the refusal is shown as every call's
 * is. Calls made with `silentError` (the form shows the refusal itself).
 */
export function showSaveRefusal(
  form: FormInstance,
  formName: string,
  err: unknown,
  fieldOf: (message: string) => Path | { name: Path; error: string } | null,
) {
  if (!(err instanceof ApiError)) throw err;
  if (err.code === 401) return; // the client has already gone back to the sign-in page
  const found = err.code === 2001 || err.code === 2004 ? fieldOf(err.message) : null;
  if (!found) {
    handleFailure(err.code, err.message);
    return;
  }
  // A narrow field (a table cell) may say it shorter; the message names the whole refusal.
  const { name, error } = Array.isArray(found) ? { name: found, error: err.message } : found;
  form.setFields([{ name, errors: [error] }]);
  scrollAndFocus(form, name, nodeOf(formName, name));
  notify.error(`请修正标出的错误：${err.message}`);
}
