/**
 * The address notes the staff page and the 派工单 show for a job (docs/customers.md): only what she needs at the door
 * of that address — 面积, 户型, floor and lift, pets, 门禁/钥匙 — never the rest of the record. Null when none is set.
 */
export function addressNotesLine(a: {
  areaM2: number | null;
  layout: string | null;
  floor: number | null;
  hasLift: number | null;
  pets: string | null;
  accessNotes: string | null;
}): string | null {
  const floor =
    a.floor != null
      ? `${a.floor} 楼${a.hasLift === 1 ? '（有电梯）' : a.hasLift === 0 ? '（无电梯）' : ''}`
      : a.hasLift === 1
        ? '有电梯'
        : a.hasLift === 0
          ? '无电梯'
          : '';
  const parts = [
    a.areaM2 ? `${a.areaM2}㎡` : '',
    a.layout?.trim() ?? '',
    floor,
    a.pets?.trim() ? `宠物：${a.pets.trim()}` : '',
    a.accessNotes?.trim() ? `门禁/钥匙：${a.accessNotes.trim()}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('；') : null;
}
