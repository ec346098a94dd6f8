import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setPerms } from '../../../../lib/storage.ts';
import { shopAddress } from './ShopColumns.tsx';
import { ShopPrompts } from './ShopPrompts.tsx';
import { ShopRating } from './ShopRating.tsx';

const shop = (
  id: number,
  name: string,
  auditStatus: number,
  yingyeState: number,
  auditRemark: string | null = null,
) => ({
  id,
  name,
  auditStatus,
  yingyeState,
  auditRemark,
  pendingName: null,
});

describe('ShopPrompts (the audit’s outcome on the shop pages)', () => {
  it('offers 立即营业 for an approved shop that is not open, and opens it', async () => {
    setPerms(['merchant:shop:state', 'merchant:shop:info']);
    const onOpen = vi.fn(async () => undefined);
    render(<ShopPrompts shops={[shop(1, '总店', 1, 1), shop(2, '学苑路分店', 1, 0)]} onOpen={onOpen} />);
    expect(screen.getByText('「学苑路分店」已通过平台审核，当前休息中')).toBeInTheDocument();
    expect(screen.queryByText(/总店/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /立即营业/ }));
    expect(onOpen).toHaveBeenCalledWith(2);
  });

  it('says why a shop was rejected, in the platform’s words, and leads to the fix', () => {
    setPerms(['merchant:shop:info']);
    const onFix = vi.fn();
    render(
      <ShopPrompts
        shops={[shop(3, '河东分店', 2, 0, '门头照片不清晰')]}
        onOpen={async () => undefined}
        onFix={onFix}
      />,
    );
    expect(screen.getByText('「河东分店」未通过平台审核：门头照片不清晰')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '去修改' }));
    expect(onFix).toHaveBeenCalledWith(3);
  });

  it('hides 立即营业 from a user who may not open shops, and shows nothing when all is well', () => {
    setPerms(['merchant:shop:info']);
    const { container, rerender } = render(
      <ShopPrompts shops={[shop(2, '学苑路分店', 1, 0)]} onOpen={async () => undefined} />,
    );
    expect(screen.getByText(/已通过平台审核/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /立即营业/ })).not.toBeInTheDocument();
    rerender(<ShopPrompts shops={[shop(1, '总店', 1, 1), shop(4, '新店', 0, 0)]} onOpen={async () => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists several approved shops, each with its own button', () => {
    setPerms(['merchant:shop:state']);
    const onOpen = vi.fn(async () => undefined);
    render(<ShopPrompts shops={[shop(5, '甲店', 1, 0), shop(6, '乙店', 1, 0)]} onOpen={onOpen} />);
    expect(screen.getByText('2 家店铺已通过平台审核，当前休息中')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '立即营业：乙店' }));
    expect(onOpen).toHaveBeenCalledWith(6);
  });
});

describe('ShopRating and the list’s address', () => {
  it('shows 暂无评分 without reviews, never a made-up 5.0', () => {
    const { rerender } = render(<ShopRating rating={null} reviewCount={0} />);
    expect(screen.getByText('暂无评分')).toBeInTheDocument();
    expect(screen.queryByText(/5\.0/)).not.toBeInTheDocument();
    rerender(<ShopRating rating={4.75} reviewCount={12} />);
    expect(screen.getByText(/4\.8/)).toBeInTheDocument();
    expect(screen.getByText('（12 条评价）')).toBeInTheDocument();
  });

  it('writes the address with its city and district, not repeating a district typed at its start', () => {
    expect(shopAddress('山西省 / 运城市 / 盐湖区', '盐湖区河东东街 88 号')).toBe('运城市盐湖区河东东街 88 号');
    expect(shopAddress('山西省 / 运城市 / 盐湖区', '河东东街 88 号')).toBe('运城市盐湖区河东东街 88 号');
    expect(shopAddress(null, '河东东街 88 号')).toBe('河东东街 88 号');
    expect(shopAddress(null, null)).toBe('');
  });
});
