// The merchant workload, through nginx: customers order and pay (the calls of server/scripts/simulate.ts, which also
// runs beside this as a child process: cluster.mjs), merchants take the orders and move them through 接单 → 验券 →
// 完成 (and cancel a few), customers review what is completed, and the owner withdraws money in bursts of duplicate
// requests sharing one Idempotency-Key. Every answer a client was given is written to the ledger, which checks.mjs
// compares with the database afterwards.
//
// What a failed call (no answer: the instance died under it) leaves behind is unknown to the client, exactly as for a
// real one: customers and merchants re-read the order (an idempotent GET) and go on from what it says; a withdrawal is
// sent again with the same Idempotency-Key until it gets an answer.

const O = 'app/jiazheng/pay/dingdan';
const C = 'app/jiazheng/customer';
const F = 'app/jiazheng/caiwu';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (a) => a[Math.floor(Math.random() * a.length)];

/** The first specification of an item (docs/goods-specifications.md): an area band is ordered by area, the others by quantity. */
function specChoice(g) {
  const s = g.specs?.[0];
  if (!s) return { quantity: Math.max(1, g.minQuantity) };
  if (s.mode === 'area_band') return { specId: s.id, area: s.areaMin ?? s.areaMax ?? 60 };
  return { specId: s.id, quantity: Math.max(1, s.minQuantity) };
}

/** Shop id -> its location (a point in its service area), read once from the shop's public card. */
const shopPoints = new Map();

/** Everything the clients were told, for checks.mjs. */
export class Ledger {
  constructor() {
    this.orders = new Map(); // id -> { id, merchantId, shopId, customer, code }
    this.told = []; // { orderId, kind, who, tag }: transitions a client was told succeeded
    this.unknown = []; // { orderId|null, kind, who, tag }: calls that got no answer (outcome unknown to the client)
    this.refused = []; // { orderId, kind, who, message }
    this.codeToOrder = new Map();
    this.withdrawals = new Map(); // key -> { key, amount, ids: Set, answered: 'ok'|'refused'|null, tries, refusal }
    this.problems = []; // violations seen while running (a 401, a 429, a told-twice)
  }
  tell(orderId, kind, who, tag) {
    this.told.push({ orderId, kind, who, tag });
  }
}

/** SMS sign-in of a console user through nginx (DEMO_SMS_CODE); answers the bearer token. */
export async function signInMerchant(rec, phone, who) {
  await rec.call('POST', 'app/jiazheng/login/sms/sendCode', { json: { phone }, who });
  const r = await rec.call('POST', 'app/jiazheng/login/sms/login', { json: { phone, code: '123456' }, who });
  if (r.outcome !== 'ok') throw new Error(`${who}: sign-in failed: ${r.status} ${r.body.slice(0, 200)}`);
  return r.json.result.token;
}

export class Customer {
  constructor(rec, ledger, { phone, name, goods, shopMerchant }) {
    Object.assign(this, { rec, ledger, phone, name, goods, shopMerchant, who: `customer ${phone}` });
    this.placed = 0;
    this.paid = 0;
    this.reviewed = 0;
  }

  async signIn() {
    await this.rec.call('POST', `${C}/login/sendCode`, { form: { phone: this.phone }, who: this.who });
    const r = await this.rec.call('POST', `${C}/login`, {
      form: { phone: this.phone, code: '123456', nickname: this.name },
      who: this.who,
    });
    if (r.outcome !== 'ok') throw new Error(`${this.who}: sign-in failed: ${r.body.slice(0, 200)}`);
    this.token = r.json.result.token;
  }

  call(method, path, opts) {
    return this.rec.call(method, path, { ...opts, customer: this.token, who: this.who });
  }

  async run(stop, thinkMs) {
    let n = 0;
    while (!stop.now) {
      await this.orderAndPay();
      if (++n % 4 === 0) await this.reviewDone();
      await sleep(thinkMs * (0.5 + Math.random()));
    }
  }

  /**
   * A free start and a point in the shop's area, as the mini-program offers them (docs/dispatch.md; placement checks the
   * shop's area, slots, lead time and capacity): a random day of the next week from customer/slots, the shop's own
   * location from its public card. Null when nothing is free or a read got no answer.
   */
  async booking(g) {
    if (!shopPoints.has(g.shopId)) {
      const card = await this.call('GET', 'app/jiazheng/shangjia/shangpin/shangjiaDetail/shangpinlist', {
        query: { shangjiaInfoId: g.shopId },
      });
      if (card.outcome !== 'ok') return null;
      shopPoints.set(g.shopId, { lat: card.json.result.shop.lat, lng: card.json.result.shop.lng });
    }
    const date = new Date(Date.now() + (8 + 24 * (2 + Math.floor(Math.random() * 7))) * 3600_000)
      .toISOString()
      .slice(0, 10);
    const slots = await this.call('GET', `${C}/slots`, { query: { goodsId: g.id, date, ...specChoice(g) } });
    if (slots.outcome !== 'ok') return null;
    const free = slots.json.result.slots.filter((s) => s.available);
    return free.length ? { appointmentAt: pick(free).at, ...shopPoints.get(g.shopId) } : null;
  }

  async orderAndPay() {
    const g = pick(this.goods);
    const when = await this.booking(g);
    if (!when) return;
    const placed = await this.call('POST', `${C}/order/add`, {
      form: {
        goodsId: g.id,
        ...specChoice(g),
        customerName: this.name,
        customerPhone: this.phone,
        address: '山西省运城市盐湖区集群测试路 8 号',
        ...when,
      },
    });
    if (placed.outcome === 'failed') {
      this.ledger.unknown.push({ orderId: null, kind: 'add', who: this.who, tag: placed.tag });
      return;
    }
    if (placed.outcome !== 'ok') return this.refusedCall(null, 'add', placed);
    const id = placed.json.result.id;
    this.ledger.tell(id, 'add', this.who, placed.tag);
    this.placed++;
    this.ledger.orders.set(id, {
      id,
      shopId: g.shopId,
      merchantId: this.shopMerchant.get(g.shopId),
      customer: this.phone,
    });
    await sleep(50 + Math.random() * 150);
    for (let attempt = 0; attempt < 5; attempt++) {
      const paid = await this.call('POST', `${C}/order/pay`, { form: { id } });
      if (paid.outcome === 'ok') {
        this.learnCode(id, paid.json.result.verifyCode);
        this.ledger.tell(id, 'pay', this.who, paid.tag);
        this.paid++;
        return;
      }
      if (paid.outcome === 'refused') return this.refusedCall(id, 'pay', paid);
      // No answer: was it paid? Ask (an idempotent read), as the mini-program would before offering to pay again.
      this.ledger.unknown.push({ orderId: id, kind: 'pay', who: this.who, tag: paid.tag });
      const now = await this.readOrder(id);
      if (now && now.status !== 10) {
        this.learnCode(id, now.verifyCode);
        this.paid++;
        return;
      }
      await sleep(300);
    }
  }

  async readOrder(id) {
    for (let i = 0; i < 5; i++) {
      const r = await this.call('GET', `${C}/order/findById/${id}`);
      if (r.outcome === 'ok') return r.json.result;
      await sleep(200);
    }
    return undefined;
  }

  learnCode(id, code) {
    const o = this.ledger.orders.get(id);
    if (o && code) {
      o.code = code;
      this.ledger.codeToOrder.set(code, id);
    }
  }

  /** Reviews this customer's completed orders (50 -> 60), as simulate.ts does. */
  async reviewDone() {
    const r = await this.call('GET', `${C}/order/findAllByPage`, { query: { status: 50, pageSize: 20 } });
    if (r.outcome !== 'ok') return;
    for (const o of r.json.result.records) {
      const v = await this.call('POST', `${C}/order/pingjia`, {
        form: { id: o.id, rating: 5, content: '集群测试：服务很好' },
      });
      if (v.outcome === 'ok') {
        this.ledger.tell(o.id, 'review', this.who, v.tag);
        this.reviewed++;
      } else if (v.outcome === 'failed')
        this.ledger.unknown.push({ orderId: o.id, kind: 'review', who: this.who, tag: v.tag });
      else this.refusedCall(o.id, 'review', v);
    }
  }

  refusedCall(orderId, kind, r) {
    this.ledger.refused.push({ orderId, kind, who: this.who, code: r.json.code, message: r.json.message });
    if (r.status === 401 || r.status === 429)
      this.ledger.problems.push(`${this.who} ${kind}: HTTP ${r.status} ${r.json.message}`);
  }
}

/**
 * A console user working the order queue: accept waiting orders by assigning an employee (a tenth are cancelled
 * instead), verify the codes customers show (30 -> 40), confirm finished services (40 -> 50). Two users of one
 * merchant race for the same orders: exactly one of them may be told it worked.
 */
export class Operator {
  constructor(rec, ledger, { who, token, shopId }) {
    Object.assign(this, { rec, ledger, who, token, shopId });
    this.done = { accept: 0, cancel: 0, verify: 0, confirm: 0 };
  }

  call(method, path, opts) {
    return this.rec.call(method, path, { ...opts, token: this.token, who: this.who });
  }

  async run(stop, thinkMs) {
    while (!stop.now) {
      await this.round();
      await sleep(thinkMs * (0.5 + Math.random()));
    }
  }

  async round() {
    const q = this.shopId ? { shopId: this.shopId } : {};
    const waiting = await this.call('GET', `${O}/jiedan/findAllByList`, { query: q });
    if (waiting.outcome === 'ok')
      for (const o of shuffle(waiting.json.result.records).slice(0, 3)) {
        if (Math.random() < 0.1)
          await this.transition(o.id, 'cancel', `${O}/shangjiaCancel`, { id: o.id, reason: '集群测试：商家取消' });
        else {
          const staff = await this.call('GET', `${O}/findYuangong`, { query: { id: o.id } });
          if (staff.outcome !== 'ok' || !staff.json.result.length) continue;
          const e = pick(staff.json.result);
          await this.transition(o.id, 'accept', `${O}/setYuangong`, { id: o.id, yuangongId: e.id });
        }
      }
    const toServe = await this.call('GET', `${O}/findAllByPage`, { query: { ...q, status: 30, pageSize: 20 } });
    if (toServe.outcome === 'ok')
      for (const o of shuffle(toServe.json.result.records).slice(0, 3)) {
        const code = this.ledger.orders.get(o.id)?.code;
        if (code) await this.transition(o.id, 'verify', `${O}/shangjiaYanquan`, { code });
      }
    const serving = await this.call('GET', `${O}/findAllByPage`, { query: { ...q, status: 40, pageSize: 20 } });
    if (serving.outcome === 'ok')
      for (const o of shuffle(serving.json.result.records).slice(0, 3))
        await this.transition(o.id, 'confirm', `${O}/queren`, { id: o.id });
  }

  async transition(orderId, kind, path, body) {
    const r = await this.call('POST', path, { json: body });
    if (r.outcome === 'ok') {
      this.ledger.tell(orderId, kind, this.who, r.tag);
      this.done[kind]++;
    } else if (r.outcome === 'failed') this.ledger.unknown.push({ orderId, kind, who: this.who, tag: r.tag });
    else {
      this.ledger.refused.push({ orderId, kind, who: this.who, code: r.json.code, message: r.json.message });
      if (r.status === 401 || r.status === 429)
        this.ledger.problems.push(`${this.who} ${kind}: HTTP ${r.status} ${r.json.message}`);
    }
  }
}

/**
 * The owner's withdrawals: every round one key sent three times at once (a double-clicked button, a retrying client),
 * nginx spreading the copies over the instances; every third round a second key alongside. Each key first asks the
 * step-up code for its amount and card (caiwu/tixian/sendCode: the owner's SMS code, DEMO_SMS_CODE here), and every
 * copy carries it: the copy that wins uses the code up, its twins are answered the winner's answer. A key that got no
 * answer is sent again later with the same key (and a new code: the lost attempt may have used the first one up); the
 * finance module answers a replay with the first answer.
 */
export class Withdrawer {
  constructor(rec, ledger, { who, token, cardId, runId }) {
    Object.assign(this, { rec, ledger, who, token, cardId, runId });
    this.n = 0;
    this.requests = 0;
  }

  async run(stop, thinkMs) {
    let round = 0;
    while (!stop.now) {
      const keys = [this.newKey()];
      if (++round % 3 === 0) keys.push(this.newKey());
      await Promise.all(keys.map((k) => this.send(k, 3)));
      await this.retryUnanswered();
      await sleep(thinkMs * (0.5 + Math.random()));
    }
  }

  /** Amounts differ between keys: a code is bound to the amount, so two keys in flight never share one. */
  newKey(amount = 1000 + (this.n % 500)) {
    const key = `cluster-${this.runId}-${++this.n}`;
    this.ledger.withdrawals.set(key, {
      key,
      amount,
      ids: new Set(),
      answered: null,
      tries: 0,
      refusal: null,
      refusals: new Set(),
    });
    return key;
  }

  call(method, path, json, headers) {
    return this.rec.call(method, path, { json, token: this.token, who: this.who, headers });
  }

  async send(key, copies) {
    const w = this.ledger.withdrawals.get(key);
    const target = { amount: w.amount, bankCardId: this.cardId };
    const code = await this.call('POST', `${F}/tixian/sendCode`, target);
    if (code.outcome === 'refused') {
      this.refusal(w, code);
      return;
    }
    if (code.outcome !== 'ok') return; // no code: the key stays unanswered and is sent again later
    w.tries += copies;
    this.requests += copies;
    const answers = await Promise.all(
      Array.from({ length: copies }, () =>
        this.call('POST', `${F}/tixian/add`, { ...target, smsCode: '123456' }, { 'idempotency-key': key }),
      ),
    );
    for (const a of answers) {
      if (a.outcome === 'ok') {
        w.ids.add(a.json.result.id);
        w.answered = 'ok';
      } else if (a.outcome === 'refused') this.refusal(w, a);
    }
  }

  refusal(w, a) {
    if (a.status === 401 || a.status === 429)
      this.ledger.problems.push(`${this.who} withdraw: HTTP ${a.status} ${a.json.message}`);
    if (!w.answered) w.answered = 'refused';
    w.refusal = a.json.message;
    w.refusals.add(a.json.message);
  }

  /** Keys whose every copy failed: send once more with the same key until there is an answer. */
  async retryUnanswered() {
    for (const w of this.ledger.withdrawals.values()) if (!w.answered) await this.send(w.key, 1);
  }

  /**
   * The end of the money: six keys at once, three copies each, for a quarter of what can still be withdrawn each, so
   * the balance runs out while twins of the winners are still in flight. At most three can go through; a key's copies
   * must all be told the same.
   */
  async exhaust() {
    const r = await this.rec.call('GET', `${F}/findZonglan`, { token: this.token, who: this.who });
    const left = r.json.result.withdrawable;
    const amount = Math.max(1000, Math.ceil(left / 4));
    const keys = Array.from({ length: 6 }, (_, i) => this.newKey(amount + i));
    await Promise.all(keys.map((k) => this.send(k, 3)));
    await this.retryUnanswered();
    const won = keys.filter((k) => this.ledger.withdrawals.get(k).answered === 'ok').length;
    return { left, amount, keys: keys.length, won };
  }
}

function shuffle(a) {
  const b = [...a];
  for (let i = b.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [b[i], b[j]] = [b[j], b[i]];
  }
  return b;
}
