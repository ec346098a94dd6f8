import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../../../test/render.tsx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toForm } from '../../../../lib/api-client.ts';
import { GenEditDialog } from './GenEditDialog.tsx';

/** The tree template's options in 编辑: shown only for 树表, guessed from the columns, sent as JSON with the edit. */
const posts: [string, Record<string, unknown>][] = [];
let options = '{}';
const col = (id: number, columnName: string, tsType: string, isPk = 0) => ({
  id,
  tableId: 1,
  columnName,
  columnComment: '',
  columnType: tsType === 'number' ? 'integer' : 'varchar(50)',
  tsType,
  isPk,
  isRequired: 0,
  isInsert: 1,
  isEdit: 1,
  isList: 1,
  isQuery: 0,
  queryType: 'EQ',
  htmlType: 'input',
  dictType: null,
  sort: id,
});

vi.mock('../../../../lib/api-client.ts', async (orig) => ({
  ...(await orig<typeof import('../../../../lib/api-client.ts')>()),
  api: {
    get: async (url: string) => {
      if (url.includes('/dict/')) return [];
      return {
        id: 1,
        tableName: 'region',
        tableComment: '地区',
        className: 'Region',
        moduleName: 'system',
        businessName: 'region',
        functionName: '地区',
        parentMenuKey: 'sys',
        tplCategory: options === '{}' ? 'crud' : 'tree',
        options,
        remark: null,
        createdAt: '',
        updatedAt: '',
        columns: [col(1, 'id', 'number', 1), col(2, 'parent_id', 'number'), col(3, 'name', 'string')],
      };
    },
    post: async (url: string, body: Record<string, unknown>) => {
      posts.push([url, body]);
      return null;
    },
    del: async () => null,
  },
  download: async () => undefined,
  ApiError: class extends Error {},
}));

const show = () => renderWithProviders(<GenEditDialog id={1} onClose={() => undefined} />);

beforeEach(() => {
  posts.length = 0;
  options = '{}';
});

describe('GenEditDialog tree options', () => {
  it('offers 树表; choosing it shows the three tree fields, guessed, and saves them as options', async () => {
    show();
    await screen.findByText('生成模板');
    expect(screen.queryByText('树父编码字段')).toBeNull();
    const kind = document.querySelector('#genTable_tplCategory')?.closest('.ant-select') as Element;
    fireEvent.mouseDown(kind.querySelector('.ant-select-selector') ?? kind);
    fireEvent.click(await screen.findByText('树表（增删改查）'));
    expect(await screen.findByText('树父编码字段')).toBeTruthy();
    expect(screen.getByText('树名称字段')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(posts).toHaveLength(1));
    const [url, body] = posts[0];
    expect(url).toContain('/gen/table/edit');
    expect(body.tplCategory).toBe('tree');
    // The form body carries the options JSON-encoded.
    expect(JSON.parse(toForm(body).get('options') ?? '')).toEqual({
      treeCode: 'id',
      treeParentCode: 'parent_id',
      treeName: 'name',
    });
  }, 30_000);

  it('a crud table sends no tree options', async () => {
    show();
    await screen.findByText('生成模板');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0][1].tplCategory).toBe('crud');
    expect(posts[0][1].options).toBeUndefined();
  }, 30_000);
});
