import sshpk from 'sshpk';

/** The refusals of addSshKey, shown as they are. */
export const SSH_KEY_MESSAGES = {
  nameRequired: 'Enter a name for the key.',
  nameTooLong: 'The name can have at most 64 characters.',
  unreadable:
    'This is not a public key in OpenSSH format. Paste the content of the .pub file, e.g. "ssh-ed25519 AAAA… you@laptop".',
  privateKey:
    'This is a private key. Paste the public key (the .pub file) instead; keep the private key secret.',
  unsupported: (type: string) => `Keys of type ${type} are not accepted: use ed25519, ecdsa or rsa.`,
  weakRsa: (bits: number) => `This RSA key has ${bits} bits: RSA keys need at least 2048 bits.`,
  duplicate: (name: string) => `You already added this key (as ${name}).`,
  unknownKey: 'Unknown SSH key: choose one of your keys.',
} as const;

export interface ParsedKey {
  publicKey: string;
  fingerprint: string;
  type: 'ed25519' | 'ecdsa' | 'rsa';
  bits: number;
}

export class SshKeyRefusal extends Error {
  constructor(
    message: string,
    readonly field: 'name' | 'publicKey',
  ) {
    super(message);
  }
}

export function validKeyName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new SshKeyRefusal(SSH_KEY_MESSAGES.nameRequired, 'name');
  if (name.length > 64) throw new SshKeyRefusal(SSH_KEY_MESSAGES.nameTooLong, 'name');
  return name;
}

/** Reads an OpenSSH public key with sshpk: its canonical form, SHA256 fingerprint, type and size. */
export function parsePublicKey(raw: string): ParsedKey {
  const text = raw.trim();
  if (/PRIVATE KEY/.test(text)) throw new SshKeyRefusal(SSH_KEY_MESSAGES.privateKey, 'publicKey');
  let key: sshpk.Key;
  try {
    key = sshpk.parseKey(text, 'ssh');
  } catch {
    throw new SshKeyRefusal(SSH_KEY_MESSAGES.unreadable, 'publicKey');
  }
  const type = key.type as string;
  if (type !== 'ed25519' && type !== 'ecdsa' && type !== 'rsa') {
    throw new SshKeyRefusal(SSH_KEY_MESSAGES.unsupported(type), 'publicKey');
  }
  if (type === 'rsa' && key.size < 2048)
    throw new SshKeyRefusal(SSH_KEY_MESSAGES.weakRsa(key.size), 'publicKey');
  return {
    publicKey: key.toString('ssh').split(' ').slice(0, 2).join(' '),
    fingerprint: key.fingerprint('sha256').toString(),
    type,
    bits: key.size,
  };
}
