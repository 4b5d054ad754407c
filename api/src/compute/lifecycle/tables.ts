import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sshKeys } from '../../ssh-keys/tables.js';
import { computeInstances } from '../tables.js';

/**
 * The SSH keys an instance was deployed (or last rebuilt) with, as they were then: name and
 * fingerprint stay when the user deletes the key (`ssh_key_id` becomes null).
 */
export const computeInstanceSshKeys = pgTable(
  'compute_instance_ssh_keys',
  {
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => computeInstances.id, { onDelete: 'cascade' }),
    sshKeyId: uuid('ssh_key_id').references(() => sshKeys.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    fingerprint: text('fingerprint').notNull(),
    type: text('type').notNull(),
  },
  (table) => [primaryKey({ columns: [table.instanceId, table.fingerprint] })],
);
