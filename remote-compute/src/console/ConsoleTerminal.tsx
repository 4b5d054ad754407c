import { makeStyles } from '@fluentui/react-components';
import { FitAddon } from '@xterm/addon-fit';
import { type ITheme, Terminal } from '@xterm/xterm';
import XTERM_CSS from '@xterm/xterm/css/xterm.css?raw';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';

/** What the page does with the terminal. */
export interface TerminalHandle {
  write(bytes: Uint8Array): void;
  /** A new session: the screen and scrollback are emptied. */
  reset(): void;
  focus(): void;
  /** The selected text ('' when none). */
  selection(): string;
  /** Types `text` as a paste (bracketed when the remote side asked for it). */
  paste(text: string): void;
}

export interface ConsoleTerminalProps {
  ref?: Ref<TerminalHandle>;
  /** The accessible name of the terminal. */
  label: string;
  /** Keys typed and text pasted. */
  onData(text: string): void;
  /** The size in cells, at start and whenever the box changes. */
  onResize(cols: number, rows: number): void;
  /** Ctrl+Shift+C (or Cmd+C) with a selection: copy it. */
  onCopy(text: string): void;
  /** Ctrl+Shift+V: paste from the clipboard. */
  onPasteRequest(): void;
}

/** A dark theme with the VS Code terminal's palette: readable, and known to users. */
export const TERMINAL_THEME: ITheme = {
  background: '#1e1e1e',
  foreground: '#d4d4d4',
  cursor: '#d4d4d4',
  cursorAccent: '#1e1e1e',
  selectionBackground: '#264f78',
  black: '#000000',
  red: '#cd3131',
  green: '#0dbc79',
  yellow: '#e5e510',
  blue: '#2472c8',
  magenta: '#bc3fbc',
  cyan: '#11a8cd',
  white: '#e5e5e5',
  brightBlack: '#666666',
  brightRed: '#f14c4c',
  brightGreen: '#23d18b',
  brightYellow: '#f5f543',
  brightBlue: '#3b8eea',
  brightMagenta: '#d670d6',
  brightCyan: '#29b8db',
  brightWhite: '#e5e5e5',
};

const useStyles = makeStyles({
  root: {
    flexGrow: 1,
    minHeight: 0,
    backgroundColor: TERMINAL_THEME.background,
    padding: '8px 4px 4px 8px',
    boxSizing: 'border-box',
    overflow: 'hidden',
  },
  screen: { width: '100%', height: '100%' },
});

/**
 * xterm.js in a box that fills the page: fitted to the box (addon-fit, re-fitted when the box
 * changes), scrollback of 5000 lines, copy and paste by the browser's own gestures (selection and
 * Cmd+C / Ctrl+Insert, Ctrl+V / Cmd+V, middle click on Linux) and by Ctrl+Shift+C / Ctrl+Shift+V as
 * Linux terminals do (Ctrl+C stays the interrupt).
 */
export function ConsoleTerminal({
  ref,
  label,
  onData,
  onResize,
  onCopy,
  onPasteRequest,
}: ConsoleTerminalProps) {
  const styles = useStyles();
  const box = useRef<HTMLDivElement>(null);
  const terminal = useRef<Terminal | null>(null);
  const callbacks = useRef({ onData, onResize, onCopy, onPasteRequest });
  callbacks.current = { onData, onResize, onCopy, onPasteRequest };

  useImperativeHandle(
    ref,
    () => ({
      write: (bytes) => terminal.current?.write(bytes),
      reset: () => terminal.current?.reset(),
      focus: () => terminal.current?.focus(),
      selection: () => terminal.current?.getSelection() ?? '',
      paste: (text) => terminal.current?.paste(text),
    }),
    [],
  );

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const narrow = window.matchMedia?.('(max-width: 599px)').matches ?? false;
    const term = new Terminal({
      theme: TERMINAL_THEME,
      fontFamily: '"Cascadia Mono", "DejaVu Sans Mono", Menlo, Consolas, "Liberation Mono", monospace',
      fontSize: narrow ? 12 : 14,
      // at 1.0 the DOM renderer clips underscores of common monospace fonts at 14 px
      lineHeight: 1.15,
      cursorBlink: true,
      scrollback: 5000,
      convertEol: false,
      allowProposedApi: false,
      screenReaderMode: false,
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(element);
    terminal.current = term;
    term.attachCustomKeyEventHandler((event) => {
      if (event.type !== 'keydown') return true;
      const key = event.key.toLowerCase();
      if (event.ctrlKey && event.shiftKey && key === 'c') {
        event.preventDefault();
        const text = term.getSelection();
        if (text) callbacks.current.onCopy(text);
        return false;
      }
      if (event.ctrlKey && event.shiftKey && key === 'v') {
        event.preventDefault();
        callbacks.current.onPasteRequest();
        return false;
      }
      return true;
    });
    const data = term.onData((text) => callbacks.current.onData(text));
    const resized = term.onResize(({ cols, rows }) => callbacks.current.onResize(cols, rows));
    const refit = () => {
      try {
        fit.fit();
      } catch {
        // not laid out yet (hidden): the next observation fits it
      }
    };
    refit();
    callbacks.current.onResize(term.cols, term.rows);
    const observer = new ResizeObserver(() => refit());
    observer.observe(element);
    term.focus();
    return () => {
      observer.disconnect();
      data.dispose();
      resized.dispose();
      term.dispose();
      terminal.current = null;
    };
  }, []);

  useEffect(() => {
    terminal.current?.textarea?.setAttribute('aria-label', label);
  }, [label]);

  return (
    <div className={styles.root}>
      <style>{XTERM_CSS}</style>
      <div ref={box} className={styles.screen} data-testid="console-terminal" />
    </div>
  );
}
