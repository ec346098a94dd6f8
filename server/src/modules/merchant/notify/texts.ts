// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the texts are Aliyun templates, whose variables are written ${name}
import type { NotifyEvent } from '@jz/contracts/notify';

/**
 * The text of each message, from the same parameters the production template receives (Aliyun SMS: the template
 * holds the text with ${name} variables, the call sends the parameters; docs/messages.md lists both). The console
 * gateway and the order drawer show this rendering. Times are Shanghai wall times ('11月28日 14:00').
 */
export const TEMPLATES: Record<NotifyEvent, string> = {
  customer_accepted: '您预约的${service}（${time}）商家已接单，将由${worker}上门服务，联系电话${phone}。',
  customer_assigned: '您预约的${service}（${time}）已派单：${worker}将上门服务，联系电话${phone}。',
  customer_rescheduled: '您预约的${service}已由商家改约：${from} → ${to}，原因：${reason}。如有疑问请致电${phone}。',
  customer_departed: '${worker}已出发，将于${time}上门提供${service}，请保持电话畅通。联系电话${phone}。',
  customer_completed: '您预约的${service}已服务完成，感谢您的信任！欢迎评价：${link}',
  staff_assigned: '新派单：${time} ${service}，地址：${address}。请准时上门。',
  staff_rescheduled: '改约：${service}由${from}改为${to}，地址：${address}。',
  staff_cancelled: '取消：${time}的${service}（${address}）已取消，无需上门。',
  staff_leave_answered: '您的请假申请（${span}）${result}${note}。',
};

export type Params = Record<string, string>;

export function render(event: NotifyEvent, params: Params) {
  return TEMPLATES[event].replace(/\$\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
}

/** 'Zhang' + 阿姨 (women) or 师傅 (men): how a customer is told who is coming, without the full name. */
export function workerTitle(name: string, gender: number) {
  return `${[...name.trim()][0] ?? ''}${gender === 1 ? '师傅' : '阿姨'}`;
}
