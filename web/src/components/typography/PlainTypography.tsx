import { ConfigContext } from 'antd/es/config-provider/context';
import useTypographyStyle from 'antd/es/typography/style';
import { type CSSProperties, createElement, type ReactNode, useContext } from 'react';

/** antd Typography's class names and styles (its own CSS, from its style hook) for plain text elements. */
function useTypographyClass(extra?: string | false) {
  const { getPrefixCls } = useContext(ConfigContext);
  const p = getPrefixCls('typography');
  const [hashId, cssVarCls] = useTypographyStyle(p);
  return (type?: string) => [p, type && `${p}-${type}`, extra, hashId, cssVarCls].filter(Boolean).join(' ');
}

type Props = { children: ReactNode; style?: CSSProperties; className?: string };

/**
 * Typography.Text as antd draws it, without the component: antd's Typography brings its editor, copy button,
 * ellipsis measuring and tooltips for every bit of text (docs/performance-browser.md). For text that uses none of
 * them: a type (secondary, danger…) and strong.
 */
export function Text({
  type,
  strong,
  children,
  style,
  className,
}: Props & { type?: 'secondary' | 'success' | 'warning' | 'danger'; strong?: boolean }) {
  const cls = useTypographyClass(className);
  return (
    <span className={cls(type)} style={style}>
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
}

/** Typography.Title as antd draws it (h1–h5), likewise. */
export function Title({ level = 1, children, style, className }: Props & { level?: 1 | 2 | 3 | 4 | 5 }) {
  const cls = useTypographyClass(className);
  return createElement(`h${level}`, { className: cls(), style }, children);
}
