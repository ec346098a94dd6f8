import { ShopOutlined } from '@ant-design/icons';
import type { ShopInfo } from '@jz/contracts/shop';
import { Alert, Button, Space, Typography } from 'antd';
import { Auth } from '../../../../lib/access.tsx';

export interface ShopPromptsProps {
  shops: Pick<ShopInfo, 'id' | 'name' | 'auditStatus' | 'auditRemark' | 'yingyeState' | 'pendingName'>[];
  /** 立即营业: opens the shop (setYingyeState 1). */
  onOpen: (id: number) => Promise<unknown>;
  /** 去修改: leads to the shop's details, where saving resubmits it. */
  onFix?: (id: number) => void;
}

/**
 * What the platform's audit means for the merchant, on top of its shop pages: an approved shop that is not
 * open yet is offered 立即营业; a rejected one says why, in the platform's words, with the way to resubmit. The
 * same decisions also arrive as messages (shop.service.ts auditShop).
 */
export function ShopPrompts({ shops, onOpen, onFix }: ShopPromptsProps) {
  const ready = shops.filter((s) => s.auditStatus === 1 && s.yingyeState === 0);
  const rejected = shops.filter((s) => s.auditStatus === 2);
  if (!ready.length && !rejected.length) return null;
  const open = (s: { id: number; name: string }) => (
    <Auth perm="merchant:shop:state">
      <Button type="primary" icon={<ShopOutlined />} onClick={() => onOpen(s.id)} aria-label={`立即营业：${s.name}`}>
        立即营业
      </Button>
    </Auth>
  );
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', marginBottom: 16 }}>
      {ready.length === 1 && (
        <Alert
          type="success"
          showIcon
          title={`「${ready[0].name}」已通过平台审核，当前休息中`}
          description="开始营业后，顾客即可看到本店上架的商品；之后可随时在列表中切换为休息。"
          action={open(ready[0])}
        />
      )}
      {ready.length > 1 && (
        <Alert
          type="success"
          showIcon
          title={`${ready.length} 家店铺已通过平台审核，当前休息中`}
          description={
            <Space orientation="vertical" size={8} style={{ width: '100%' }}>
              <span>开始营业后，顾客即可看到该店上架的商品。</span>
              {ready.map((s) => (
                <Space key={s.id} wrap>
                  <Typography.Text strong>{s.name}</Typography.Text>
                  {open(s)}
                </Space>
              ))}
            </Space>
          }
        />
      )}
      {rejected.map((s) => (
        <Alert
          key={s.id}
          type="error"
          showIcon
          title={`「${s.name}」未通过平台审核：${s.auditRemark ?? '（平台未填写原因）'}`}
          description="请按原因修改店铺信息并保存，保存后将重新提交平台审核。"
          action={
            onFix && (
              <Auth perm="merchant:shop:info">
                <Button onClick={() => onFix(s.id)}>去修改</Button>
              </Auth>
            )
          }
        />
      ))}
    </Space>
  );
}
