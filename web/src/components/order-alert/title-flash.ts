/**
 * The browser tab's title alternates between a notice ("【新订单】日常保洁") and the page's own title every second, so a
 * new order shows in the tab strip while the console is in the background. `stop` puts the page's title back; a title
 * the app sets meanwhile is kept as the one to return to.
 */
export class TitleFlash {
  private timer: ReturnType<typeof setInterval> | undefined;
  private base = '';
  private notice = '';
  private showing = false;

  get flashing() {
    return this.timer !== undefined;
  }

  start(notice: string, periodMs = 1000) {
    this.notice = notice;
    if (this.timer) {
      if (this.showing) document.title = notice;
      return;
    }
    this.base = document.title;
    this.tick();
    this.timer = setInterval(() => this.tick(), periodMs);
  }

  stop() {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.showing = false;
    document.title = this.base;
  }

  private tick() {
    // Not our notice: the page changed its title meanwhile, return to that one.
    if (document.title !== this.notice) this.base = document.title;
    this.showing = !this.showing;
    document.title = this.showing ? this.notice : this.base;
  }
}
