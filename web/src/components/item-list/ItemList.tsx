import { type PaginationProps, Spin } from 'antd';
import { LazyEmpty } from '../plain/LazyEmpty.tsx';
import type { CSSProperties, HTMLAttributes, Key, ReactNode } from 'react';
import { lazyWidget } from '../lazy-widget.tsx';
import './item-list.css';

// Only lists with a pager download antd's Pagination (docs/performance-browser.md: the home page's notices and the header bell have none),
// in a box of the small pager's height meanwhile.
const Pagination = lazyWidget(
  () => import('antd/es/pagination'),
  (m) => m.default,
  <div style={{ height: 24 }} />,
);

/**
 * A plain list of rows (title, description, actions), in place of antd's `List`, which antd 6.6 deprecates (its
 * successor `Listy` is a virtual scroller without rows of this shape). Takes the subset of List's props the console
 * uses, so `tableStates(query)` spreads onto it as onto a table.
 */
export interface ItemListProps<T> {
  dataSource: T[];
  renderItem: (item: T, index: number) => ReactNode;
  /** The row key: a field of the item (default `id`, then the index). */
  rowKey?: keyof T;
  size?: 'small' | 'default';
  header?: ReactNode;
  loading?: boolean;
  locale?: { emptyText?: ReactNode };
  pagination?: PaginationProps;
}

export function ItemList<T>({
  dataSource,
  renderItem,
  rowKey,
  size,
  header,
  loading,
  locale,
  pagination,
}: ItemListProps<T>) {
  const keyOf = (item: T, i: number): Key => {
    const k = (item as Record<string, unknown>)[(rowKey as string) ?? 'id'];
    return typeof k === 'string' || typeof k === 'number' ? k : i;
  };
  return (
    <div className={`jz-item-list${size === 'small' ? ' jz-item-list-sm' : ''}`}>
      {header && <div className="jz-item-list-header">{header}</div>}
      <Spin spinning={!!loading}>
        {dataSource.length ? (
          <ul className="jz-item-list-items">
            {dataSource.map((item, i) => (
              <li key={keyOf(item, i)}>{renderItem(item, i)}</li>
            ))}
          </ul>
        ) : (
          <div className="jz-item-list-empty">{locale?.emptyText ?? <LazyEmpty simple />}</div>
        )}
      </Spin>
      {pagination && (
        <div className="jz-item-list-pager">
          <Pagination size="small" {...pagination} />
        </div>
      )}
    </div>
  );
}

type ItemProps = HTMLAttributes<HTMLDivElement> & {
  /** Buttons or links on the right of the row. */
  actions?: ReactNode[];
  /** Secondary content at the row's end (e.g. a date). */
  extra?: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
};

function Item({ actions, extra, children, className, ...rest }: ItemProps) {
  return (
    <div className={`jz-item-list-item${className ? ` ${className}` : ''}`} {...rest}>
      <div className="jz-item-list-main">{children}</div>
      {extra !== undefined && <div className="jz-item-list-extra">{extra}</div>}
      {actions?.length ? (
        <ul className="jz-item-list-actions">
          {actions.map((a, i) => (
            // Actions are a fixed set per row, never reordered: the position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i}>{a}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Meta({ avatar, title, description }: { avatar?: ReactNode; title?: ReactNode; description?: ReactNode }) {
  return (
    <div className="jz-item-list-meta">
      {avatar && <div className="jz-item-list-avatar">{avatar}</div>}
      <div className="jz-item-list-meta-content">
        {title !== undefined && <div className="jz-item-list-title">{title}</div>}
        {description !== undefined && <div className="jz-item-list-description">{description}</div>}
      </div>
    </div>
  );
}

ItemList.Item = Item;
ItemList.Meta = Meta;
