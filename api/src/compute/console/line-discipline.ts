/**
 * The terminal side of the simulated serial console: a canonical-mode line discipline, as a
 * Linux tty (`stty icanon echo`) and bash's readline give a serial login. Pure: text in, what to
 * echo and what happened out, in order, so a paste of several lines runs them one after another.
 *
 * - printable characters are echoed and collected; a line longer than `maxLength` rings the bell;
 * - Enter (CR, LF or CR LF) ends the line; Backspace (DEL or BS) erases a character, Ctrl-W a word,
 *   Ctrl-U the line; Ctrl-C abandons it (`^C`); Ctrl-D on an empty line is end of input (logout);
 *   Ctrl-L clears the screen; Up and Down walk the history;
 * - every other control character and escape sequence (arrows left/right, function keys, the
 *   terminal's answers) is swallowed whole, even when split across writes: no garbage reaches the
 *   line.
 */
export type LineOutput =
  | { type: 'echo'; text: string }
  | { type: 'line'; line: string }
  | { type: 'interrupt' }
  | { type: 'eof' }
  /** Ctrl-L: clear the screen, then show the prompt and `pending` (the line typed so far) again. */
  | { type: 'clear'; pending: string };

const BELL = '\x07';
const ERASE = '\b \b';

type EscapeState = 'none' | 'esc' | 'csi' | 'ss3' | 'osc' | 'osc-esc';

export class LineDiscipline {
  private chars: string[] = [];
  private escape: EscapeState = 'none';
  private csi = '';
  private lastWasCr = false;
  private readonly history: string[] = [];
  /** Position while walking the history; `history.length` is the line being typed. */
  private historyIndex = 0;
  private draft: string[] = [];

  constructor(private readonly maxLength = 4096) {}

  /** The line typed so far. */
  get pending(): string {
    return this.chars.join('');
  }

  /** Forgets the line typed so far (a new prompt, a new login). History stays, as bash's does. */
  reset(): void {
    this.chars = [];
    this.historyIndex = this.history.length;
    this.escape = 'none';
  }

  feed(text: string): LineOutput[] {
    const out: LineOutput[] = [];
    let echo = '';
    const flush = () => {
      if (echo) out.push({ type: 'echo', text: echo });
      echo = '';
    };
    for (const ch of text) {
      const code = ch.codePointAt(0)!;
      const wasCr = this.lastWasCr;
      this.lastWasCr = false;
      if (this.escape !== 'none') {
        echo += this.escapeChar(ch, code);
        continue;
      }
      if (code === 0x1b) {
        this.escape = 'esc';
        continue;
      }
      if (ch === '\r' || ch === '\n') {
        if (ch === '\n' && wasCr) continue;
        this.lastWasCr = ch === '\r';
        echo += '\r\n';
        flush();
        const line = this.pending;
        if (line.trim() !== '' && this.history.at(-1) !== line) this.history.push(line);
        this.chars = [];
        this.historyIndex = this.history.length;
        out.push({ type: 'line', line });
        continue;
      }
      switch (code) {
        case 0x7f:
        case 0x08:
          if (this.chars.length > 0) {
            this.chars.pop();
            echo += ERASE;
          }
          continue;
        case 0x17: // Ctrl-W: the word before the cursor, and the spaces after it
          while (this.chars.length > 0 && this.chars.at(-1) === ' ') {
            this.chars.pop();
            echo += ERASE;
          }
          while (this.chars.length > 0 && this.chars.at(-1) !== ' ') {
            this.chars.pop();
            echo += ERASE;
          }
          continue;
        case 0x15: // Ctrl-U
          echo += this.eraseAll();
          continue;
        case 0x03: // Ctrl-C
          echo += '^C\r\n';
          flush();
          this.chars = [];
          this.historyIndex = this.history.length;
          out.push({ type: 'interrupt' });
          continue;
        case 0x04: // Ctrl-D: end of input on an empty line, else nothing (bash deletes under the cursor)
          if (this.chars.length === 0) {
            flush();
            out.push({ type: 'eof' });
          }
          continue;
        case 0x0c: // Ctrl-L
          flush();
          out.push({ type: 'clear', pending: this.pending });
          continue;
        case 0x09: // Tab: no completion here
          echo += BELL;
          continue;
      }
      if (code < 0x20 || (code >= 0x80 && code < 0xa0)) continue;
      if (this.chars.length >= this.maxLength) {
        echo += BELL;
        continue;
      }
      this.chars.push(ch);
      echo += ch;
    }
    flush();
    return out;
  }

  private eraseAll(): string {
    const erase = ERASE.repeat(this.chars.length);
    this.chars = [];
    return erase;
  }

  /** One character of an escape sequence; answers what to echo (a history line, or nothing). */
  private escapeChar(ch: string, code: number): string {
    switch (this.escape) {
      case 'esc':
        this.escape = ch === '[' ? 'csi' : ch === 'O' ? 'ss3' : ch === ']' ? 'osc' : 'none';
        this.csi = '';
        return '';
      case 'ss3':
        this.escape = 'none';
        return this.arrow(ch);
      case 'csi':
        if (code >= 0x40 && code <= 0x7e) {
          this.escape = 'none';
          return this.csi === '' || this.csi === '1' ? this.arrow(ch) : '';
        }
        this.csi += ch;
        // A runaway sequence (not a terminal's) ends here rather than swallowing what follows.
        if (this.csi.length > 32) this.escape = 'none';
        return '';
      case 'osc':
        if (code === 0x07) this.escape = 'none';
        else if (code === 0x1b) this.escape = 'osc-esc';
        return '';
      case 'osc-esc':
        this.escape = 'none';
        return '';
      default:
        return '';
    }
  }

  /** Up and Down replace the line with the previous or next one of the history. */
  private arrow(final: string): string {
    if (final !== 'A' && final !== 'B') return '';
    const next = this.historyIndex + (final === 'A' ? -1 : 1);
    if (next < 0 || next > this.history.length) return BELL;
    if (this.historyIndex === this.history.length) this.draft = [...this.chars];
    this.historyIndex = next;
    const replacement = next === this.history.length ? this.draft : [...this.history[next]!];
    const erase = this.eraseAll();
    this.chars = [...replacement];
    return erase + replacement.join('');
  }
}
