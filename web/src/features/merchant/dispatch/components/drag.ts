import { type DragEvent, useState } from 'react';

/** The order travels in its own type, so a text dragged in from elsewhere is not taken for one. */
const ORDER_TYPE = 'application/x-jz-order';

/** Props that make an order card or block draggable onto an employee row (HTML5 drag and drop). */
export const dragOrder = (orderId: number) => ({
  draggable: true,
  onDragStart: (e: DragEvent) => {
    e.dataTransfer.setData(ORDER_TYPE, String(orderId));
    e.dataTransfer.setData('text/plain', String(orderId));
    e.dataTransfer.effectAllowed = 'move';
  },
});

/** An employee row as a drop target: highlights while an order hovers, calls `onDrop(orderId)` when let go. */
export function useDropRow(onDrop: ((orderId: number) => void) | undefined) {
  const [over, setOver] = useState(false);
  if (!onDrop) return {};
  return {
    'data-drop': over || undefined,
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes(ORDER_TYPE)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      if (!over) setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      setOver(false);
      const id = Number(e.dataTransfer.getData(ORDER_TYPE));
      if (id > 0) {
        e.preventDefault();
        onDrop(id);
      }
    },
  };
}
