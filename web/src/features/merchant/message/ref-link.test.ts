import { beforeEach, describe, expect, it } from 'vitest';
import { refLinkOf } from './ref-link.ts';

const grant = (...perms: string[]) => sessionStorage.setItem('perms', JSON.stringify(perms));

describe('refLinkOf (where a message leads)', () => {
  beforeEach(() => sessionStorage.clear());

  it('an order message opens the order list on that order', () => {
    grant('merchant:order:list');
    expect(refLinkOf({ refType: 'order', refId: 7 })).toEqual({ href: '/dingdanguanli?id=7', label: '查看订单' });
  });

  it('a leave request opens 员工排班 on its 请假审批 tab at that request', () => {
    grant('merchant:dispatch:view');
    expect(refLinkOf({ refType: 'leaveRequest', refId: 12 })).toEqual({
      href: '/yuangongpaiban?tab=leave&id=12',
      label: '查看请假',
    });
  });

  it('no link without the page’s code, nor for a broadcast or no reference', () => {
    grant('merchant:order:list');
    expect(refLinkOf({ refType: 'leaveRequest', refId: 12 })).toBeUndefined();
    expect(refLinkOf({ refType: 'broadcast', refId: null })).toBeUndefined();
    expect(refLinkOf({ refType: null, refId: null })).toBeUndefined();
  });
});
