import type { DbTable } from '@jz/contracts/gen';
import { Button, Modal } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { genKeys, getDbTablePage, useGenMutations } from '../api/gen.ts';

const columns: ColumnsType<DbTable> = [
  { title: '表名称', dataIndex: 'tableName' },
  { title: '表描述', dataIndex: 'tableComment' },
];

/** 导入表: the database's tables not imported yet (the product's own tables are never offered). */
export function ImportDialog(props: { open: boolean; onClose: () => void }) {
  const { importTables } = useGenMutations();
  return (
    <Modal title="导入表" open={props.open} onCancel={props.onClose} footer={null} width={800} destroyOnHidden>
      <DataTable<DbTable>
        queryKey={genKeys.db}
        fetcher={getDbTablePage}
        columns={columns}
        rowKey="tableName"
        selectable
        search={[
          { name: 'tableName', label: '表名称' },
          { name: 'tableComment', label: '表描述' },
        ]}
        toolbar={({ selectedRowKeys, clearSelection }) => (
          <Button
            type="primary"
            disabled={!selectedRowKeys.length}
            loading={importTables.isPending}
            onClick={async () => {
              await importTables.mutateAsync(selectedRowKeys as string[]);
              clearSelection();
              props.onClose();
            }}
          >
            导入选中的表（{selectedRowKeys.length}）
          </Button>
        )}
      />
    </Modal>
  );
}
