import { describe, expect, it } from 'vitest';
import { LineDiscipline, type LineOutput } from './line-discipline.js';

const echoOf = (out: LineOutput[]) =>
  out
    .filter((o): o is Extract<LineOutput, { type: 'echo' }> => o.type === 'echo')
    .map((o) => o.text)
    .join('');
const lines = (out: LineOutput[]) => out.flatMap((o) => (o.type === 'line' ? [o.line] : []));

describe('LineDiscipline', () => {
  it('echoes printable characters and hands over the line on Enter', () => {
    const tty = new LineDiscipline();
    const out = tty.feed('hostname\r');
    expect(echoOf(out)).toBe('hostname\r\n');
    expect(out.at(-1)).toEqual({ type: 'line', line: 'hostname' });
    expect(tty.pending).toBe('');
  });

  it('takes CR LF as one Enter, and LF alone too', () => {
    const tty = new LineDiscipline();
    expect(lines(tty.feed('a\r\nb\nc\r'))).toEqual(['a', 'b', 'c']);
    expect(lines(tty.feed('\n'))).toEqual([]);
  });

  it('runs a paste of several lines in order, echo before each line', () => {
    const out = new LineDiscipline().feed('ls\rpwd\r');
    expect(out).toEqual([
      { type: 'echo', text: 'ls\r\n' },
      { type: 'line', line: 'ls' },
      { type: 'echo', text: 'pwd\r\n' },
      { type: 'line', line: 'pwd' },
    ]);
  });

  it('erases a character with Backspace (DEL or BS), nothing on an empty line', () => {
    const tty = new LineDiscipline();
    expect(echoOf(tty.feed('hostx\x7f'))).toBe('hostx\b \b');
    expect(echoOf(tty.feed('\x08'))).toBe('\b \b');
    expect(tty.pending).toBe('hos');
    const empty = new LineDiscipline();
    expect(empty.feed('\x7f')).toEqual([]);
  });

  it('erases a multi-byte character as one', () => {
    const tty = new LineDiscipline();
    tty.feed('ä€');
    expect(echoOf(tty.feed('\x7f'))).toBe('\b \b');
    expect(tty.pending).toBe('ä');
  });

  it('Ctrl-U erases the line, Ctrl-W the last word', () => {
    const tty = new LineDiscipline();
    tty.feed('echo hello world ');
    expect(echoOf(tty.feed('\x17'))).toBe('\b \b'.repeat(6));
    expect(tty.pending).toBe('echo hello ');
    expect(echoOf(tty.feed('\x15'))).toBe('\b \b'.repeat(11));
    expect(tty.pending).toBe('');
  });

  it('Ctrl-C abandons the line with ^C', () => {
    const tty = new LineDiscipline();
    tty.feed('rm -rf');
    expect(tty.feed('\x03')).toEqual([{ type: 'echo', text: '^C\r\n' }, { type: 'interrupt' }]);
    expect(tty.pending).toBe('');
    expect(lines(tty.feed('whoami\r'))).toEqual(['whoami']);
  });

  it('Ctrl-D is end of input only on an empty line', () => {
    const tty = new LineDiscipline();
    expect(tty.feed('\x04')).toEqual([{ type: 'eof' }]);
    tty.feed('ab');
    expect(tty.feed('\x04')).toEqual([]);
  });

  it('Ctrl-L asks to clear the screen and keeps the line', () => {
    const tty = new LineDiscipline();
    tty.feed('dat');
    expect(tty.feed('\x0c')).toEqual([{ type: 'clear', pending: 'dat' }]);
    expect(tty.pending).toBe('dat');
  });

  it('swallows escape sequences and control characters whole, also split across writes', () => {
    const tty = new LineDiscipline();
    const out = [
      ...tty.feed('ab\x1b[D\x1b[C\x1b[3~\x1bOP\x1b[1;5C'),
      ...tty.feed('\x1b'),
      ...tty.feed('[2'),
      ...tty.feed('4~c\x00\x01\x1b]0;title\x07d'),
    ];
    expect(echoOf(out)).toBe('abcd');
    expect(tty.pending).toBe('abcd');
  });

  it('rings the bell for Tab and beyond the longest line', () => {
    const tty = new LineDiscipline(3);
    expect(echoOf(tty.feed('\tabcd'))).toBe('\x07abc\x07');
    expect(tty.pending).toBe('abc');
  });

  it('walks the history with Up and Down, back to the line being typed', () => {
    const tty = new LineDiscipline();
    tty.feed('uptime\r');
    tty.feed('date\r');
    tty.feed('ec');
    expect(echoOf(tty.feed('\x1b[A'))).toBe('\b \b\b \bdate');
    expect(echoOf(tty.feed('\x1b[A'))).toBe(`${'\b \b'.repeat(4)}uptime`);
    expect(echoOf(tty.feed('\x1b[A'))).toBe('\x07');
    expect(echoOf(tty.feed('\x1bOB'))).toBe(`${'\b \b'.repeat(6)}date`);
    expect(echoOf(tty.feed('\x1b[B'))).toBe(`${'\b \b'.repeat(4)}ec`);
    expect(lines(tty.feed('ho\r'))).toEqual(['echo']);
  });
});
