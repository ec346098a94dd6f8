import type { CardKind } from '@jz/contracts/constants/card';
import { CARD_KINDS } from '@jz/contracts/constants/card';
import { Space, Tag } from 'antd';
import type { ReactNode } from 'react';

/** 次卡 (blue) or 储值卡 (gold) before a card's or product's name, in 卡项管理, 售卡记录 and a client's 卡项. */
export function CardKindTag({ kind, children }: { kind: CardKind; children?: ReactNode }) {
  const tag = <Tag color={kind === 'times' ? 'blue' : 'gold'}>{CARD_KINDS[kind]}</Tag>;
  if (children === undefined) return tag;
  return (
    <Space size={4}>
      {tag}
      {children}
    </Space>
  );
}
