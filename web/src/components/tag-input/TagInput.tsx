import { PlusOutlined } from '@ant-design/icons';
import { Input, type InputRef, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';

export interface TagInputProps {
  /** The tags (docs/spec-notes.md#records: a list of strings). */
  value?: string[];
  onChange?: (tags: string[]) => void;
  /** Longest tag (default 20 characters). */
  maxLength?: number;
  /** Most tags (default 20). */
  max?: number;
  placeholder?: string;
  disabled?: boolean;
  /** Text of the add button (default 新增标签). */
  addText?: string;
}

/**
 * Tag input (docs/spec-notes.md#validation): a new tag is added only when non-empty (after trimming), on Enter or when the input loses
 * focus; duplicates are ignored; each tag can be closed.
 */
export function TagInput({
  value = [],
  onChange,
  maxLength = 20,
  max = 20,
  placeholder = '请输入标签',
  disabled,
  addText = '新增标签',
}: TagInputProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const ref = useRef<InputRef>(null);
  useEffect(() => {
    if (editing) ref.current?.focus();
  }, [editing]);

  const commit = () => {
    const t = text.trim();
    if (t && !value.includes(t) && value.length < max) onChange?.([...value, t]);
    setText('');
    setEditing(false);
  };

  return (
    <div className="jz-tag-input" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      {value.map((t) => (
        <Tag
          key={t}
          closable={!disabled}
          onClose={() => onChange?.(value.filter((x) => x !== t))}
          style={{ marginInlineEnd: 0 }}
        >
          {t}
        </Tag>
      ))}
      {disabled || value.length >= max ? null : editing ? (
        <Input
          ref={ref}
          size="small"
          style={{ width: 120 }}
          value={text}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-label={placeholder}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault(); // inside a form, Enter adds a tag instead of submitting
            commit();
          }}
          onBlur={commit}
        />
      ) : (
        <Tag
          onClick={() => setEditing(true)}
          style={{ borderStyle: 'dashed', cursor: 'pointer', background: 'transparent' }}
          role="button"
          aria-label={addText}
          // A button for the keyboard too: Tab reaches it, Enter or Space opens the input.
          tabIndex={0}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' && e.key !== ' ') return;
            e.preventDefault(); // inside a form, Enter opens the input instead of submitting
            setEditing(true);
          }}
        >
          <PlusOutlined /> {addText}
        </Tag>
      )}
    </div>
  );
}
