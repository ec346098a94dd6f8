import type { ClientDetail } from '@jz/contracts/client';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { ItemList } from '../../../../components/item-list/ItemList.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { useClientMutations } from '../api/client.ts';

/** 客户详情's 备注: a new note (with the note permission) above the notes, newest first. */
export function NotesTab({ client: c }: { client: ClientDetail }) {
  const m = useClientMutations();
  const [text, setText] = useState('');
  const submitting = useSubmitting();
  return (
    <>
      <Auth perm="merchant:client:note">
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Input.TextArea
            value={text}
            maxLength={500}
            autoSize={{ minRows: 2 }}
            placeholder="记录客户的习惯、要求等"
            onChange={(e) => setText(e.target.value)}
          />
          <Button
            type="primary"
            loading={submitting.running}
            disabled={!text.trim()}
            onClick={() =>
              submitting.run(async () => {
                await m.addNote.mutateAsync({ clientId: c.id, text });
                setText('');
              })
            }
          >
            添加备注
          </Button>
        </Space.Compact>
      </Auth>
      <ItemList
        dataSource={c.notes}
        locale={{ emptyText: '暂无备注' }}
        renderItem={(n) => (
          <ItemList.Item>
            <ItemList.Meta title={n.text} description={`${n.authorName} · ${formatDateTime(n.createdAt)}`} />
          </ItemList.Item>
        )}
      />
    </>
  );
}
