/** The employee list's 工作状态 (derived on the server from the schedule), as a tag beside the name. */
export const WORK_STATE: Record<number, { name: string; color: string }> = {
  0: { name: '离职', color: 'default' },
  1: { name: '空闲', color: 'green' },
  2: { name: '服务中', color: 'blue' },
  3: { name: '休假', color: 'default' },
};
