import { CARD_STATUS, CARD_STATUS_NAME } from '@jz/contracts/constants/card';
import { Tag } from 'antd';

const COLOR: Record<number, string> = {
  [CARD_STATUS.ACTIVE]: 'success',
  [CARD_STATUS.REFUNDED]: 'default',
  [CARD_STATUS.EXPIRED]: 'orange',
};

/** A sold card's 有效 (green) / 已退卡 (grey) / 已过期 (orange), alike in 售卡记录, its drawer and a client's 卡项. */
export function CardStatusTag({ status }: { status: number }) {
  return <Tag color={COLOR[status] ?? 'default'}>{CARD_STATUS_NAME[status] ?? status}</Tag>;
}
