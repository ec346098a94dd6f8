import { type ChangeEvent, useRef, useState } from 'react';
import type { Check } from './login-rules.ts';

interface FieldSpec {
  /** Checked in order; the first failure is shown (antd's validateFirst). */
  checks: Check[];
  /** When the field checks itself: as it changes (antd's default) or when it loses focus. */
  trigger?: 'change' | 'blur';
}

/**
 * The little of antd's Form the login forms used: values, per-field checks on change or blur, all of them on
 * submit, the first message of each field, and props that wire an antd Input (status, ARIA) and its message.
 */
export function useLoginForm<K extends string>(name: string, specs: Record<K, FieldSpec>) {
  const keys = Object.keys(specs) as K[];
  const [values, setValues] = useState(() => Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const inputs = useRef(new Map<K, { focus: () => void } | null>());
  const current = useRef(values);
  current.current = values;

  const check = (k: K, v: string) => {
    for (const c of specs[k].checks) {
      const m = c(v);
      if (m) return m;
    }
    return undefined;
  };
  /** Checks `which` (all by default), shows their messages; the values when all pass, else null. */
  const validate = (which: K[] = keys) => {
    const found = Object.fromEntries(which.map((k) => [k, check(k, current.current[k])])) as Partial<Record<K, string>>;
    setErrors((e) => ({ ...e, ...found }));
    return which.every((k) => !found[k]) ? current.current : null;
  };
  const errorId = (k: K) => `${name}_${k}_help`;

  /** Props for the field's antd Input. */
  const field = (k: K) => ({
    id: `${name}_${k}`,
    ref: (el: { focus: () => void } | null) => void inputs.current.set(k, el),
    value: values[k],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const v = e.target.value;
      current.current = { ...current.current, [k]: v };
      setValues(current.current);
      if ((specs[k].trigger ?? 'change') === 'change') setErrors((x) => ({ ...x, [k]: check(k, v) }));
    },
    onBlur: specs[k].trigger === 'blur' ? () => validate([k]) : undefined,
    status: errors[k] ? ('error' as const) : undefined,
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? errorId(k) : undefined,
  });

  return {
    values,
    errors,
    field,
    errorId,
    validate,
    focus: (k: K) => inputs.current.get(k)?.focus(),
    /** A form submit handler: `onValid` runs with the values when every field passes. */
    onSubmit: (onValid: (v: Record<K, string>) => void) => (e: { preventDefault: () => void }) => {
      e.preventDefault();
      const v = validate();
      if (v) onValid(v);
    },
  };
}
