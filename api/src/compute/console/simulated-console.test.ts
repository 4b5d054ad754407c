import { describe, expect, it } from 'vitest';
import type { ConsoleEndReason, ConsoleTarget } from './channel.js';
import { SimulatedConsoles } from './simulated-console.js';

const NOW = Date.UTC(2026, 10, 23, 21, 20, 33);

const target = (overrides: Partial<ConsoleTarget> = {}): ConsoleTarget => ({
  uid: '5f0c6a1e-4b7d-4c1a-9d0e-00000000a001',
  name: 'web-1',
  imageName: 'Ubuntu 24.04 LTS',
  system: 'Ubuntu 24.04 LTS',
  vcpus: 2,
  memoryMb: 4096,
  diskGb: 80,
  ipv4: '203.0.113.17',
  ipv6: '2001:db8:1:2::3',
  city: 'Frankfurt',
  createdAt: new Date(NOW - 3600_000),
  ...overrides,
});

function attach(consoles: SimulatedConsoles, machine = target()) {
  let output = '';
  const ends: ConsoleEndReason[] = [];
  const channel = consoles.attach(machine, {
    data: (bytes) => {
      output += new TextDecoder().decode(bytes);
    },
    end: (reason) => ends.push(reason),
  });
  const type = (text: string) => channel.write(new TextEncoder().encode(text));
  return { channel, type, output: () => output, ends, clear: () => (output = '') };
}

describe('SimulatedConsoles', () => {
  it('logs root in at attach and answers over CR LF', () => {
    const consoles = new SimulatedConsoles(() => NOW);
    const term = attach(consoles);
    expect(term.output()).toContain('web-1 login: root (automatic login)\r\n');
    expect(term.output().endsWith('root@web-1:~# ')).toBe(true);
    term.clear();
    term.type('hostname\r');
    expect(term.output()).toBe('hostname\r\nweb-1\r\nroot@web-1:~# ');
    term.clear();
    term.type('clear\r');
    expect(term.output()).toBe('clear\r\n\x1b[H\x1b[2J\x1b[3Jroot@web-1:~# ');
  });

  it('exit logs out and a new login follows, with the last login', () => {
    const term = attach(new SimulatedConsoles(() => NOW));
    term.clear();
    term.type('exit\r');
    expect(term.output()).toMatch(/^exit\r\nlogout\r\n\r\nUbuntu 24\.04\.1 LTS web-1 ttyS0\r\n/);
    expect(term.output()).toContain('Last login: Mon Nov 23 21:20:33 2026 on ttyS0');
    expect(term.output().endsWith('root@web-1:~# ')).toBe(true);
  });

  it('Ctrl-C gives a new prompt, keys are echoed as typed', () => {
    const term = attach(new SimulatedConsoles(() => NOW));
    term.clear();
    term.type('sleep 10\x03');
    expect(term.output()).toBe('sleep 10^C\r\nroot@web-1:~# ');
  });

  it('a Stop announces the power-off and ends the session; keys meanwhile are not read', () => {
    const consoles = new SimulatedConsoles(() => NOW);
    const term = attach(consoles);
    consoles.stepStarted(target().uid, 'STOP');
    expect(term.output()).toContain('The system will power off now!');
    term.clear();
    term.type('ls\r');
    expect(term.output()).toBe('');
    consoles.stepEnded({ type: 'completed', uid: target().uid, action: 'STOP', status: 'INACTIVE' });
    expect(term.ends).toEqual(['stopped']);
    expect(consoles.attached(target().uid)).toBe(0);
  });

  it('a Restart reboots into a new login; a failed Stop carries on', () => {
    const consoles = new SimulatedConsoles(() => NOW);
    const term = attach(consoles);
    consoles.stepStarted(target().uid, 'RESTART');
    term.clear();
    consoles.stepEnded({ type: 'completed', uid: target().uid, action: 'RESTART', status: 'ACTIVE' });
    expect(term.output()).toContain('Linux version 6.8.0-48-generic');
    expect(term.output().endsWith('root@web-1:~# ')).toBe(true);
    consoles.stepStarted(target().uid, 'STOP');
    term.clear();
    consoles.stepEnded({ type: 'failed', uid: target().uid, action: 'STOP', status: 'ACTIVE', message: 'x' });
    expect(term.output()).toBe('\r\nroot@web-1:~# ');
    expect(term.ends).toEqual([]);
  });

  it('a deletion ends the session; detaching stops the output', () => {
    const consoles = new SimulatedConsoles(() => NOW);
    const one = attach(consoles);
    const two = attach(consoles);
    expect(consoles.attached(target().uid)).toBe(2);
    two.channel.close();
    consoles.stepEnded({ type: 'deleted', uid: target().uid });
    expect(one.ends).toEqual(['deleted']);
    expect(two.ends).toEqual([]);
  });

  it('a Windows machine answers on its Special Administration Console', () => {
    const term = attach(
      new SimulatedConsoles(() => NOW),
      target({ name: 'win-1', system: 'Windows Server 2022' }),
    );
    expect(term.output()).toContain('Computer is booting, SAC started and initialized.');
    expect(term.output().endsWith('SAC>')).toBe(true);
    term.clear();
    term.type('i\r');
    expect(term.output()).toBe(
      'i\r\nNet: 10, Ip=203.0.113.17  Subnet=255.255.255.0  Gateway=203.0.113.1\r\nNet: 10, Ip=2001:db8:1:2::3\r\nSAC>',
    );
    term.clear();
    term.type('hostname\r');
    expect(term.output()).toBe('hostname\r\nUnrecognized command.  Try "?" for help.\r\nSAC>');
  });
});
