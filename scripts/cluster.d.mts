// Types of scripts/cluster.mjs for the TypeScript that uses it (the api's cluster test).
import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const REMOTES: readonly string[];

export interface ClusterPorts {
  balancer: number;
  remotes: Record<string, number>;
  api: number[];
}

export interface ClusterApi {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
}

export interface Cluster {
  /** The balancer's URL (`http://localhost:<port>`), the portal's public URL. */
  url: string;
  ports: ClusterPorts;
  databaseUrl: string;
  webhookSecret: string;
  configFile: string;
  apis: ClusterApi[];
  haproxy: ChildProcess;
  logOf(name: string): string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  processes?: number;
  port?: number;
  ports?: ClusterPorts;
  databaseUrl?: string;
  seed?: boolean;
  database?: string;
  dropDatabase?: boolean;
  nodeEnv?: string;
  env?: Record<string, string>;
  log?: (line: string) => void;
  output?: 'inherit' | 'capture';
  staticFiles?: boolean;
  drainS?: number;
}

export function ensurePostgres(options?: { log?: (line: string) => void; install?: boolean }): string | null;
export function ensureHaproxy(options?: { log?: (line: string) => void; install?: boolean }): string | null;
export function localDatabase(name: string): { url: string; created: boolean; drop: () => void };
export function freePort(): Promise<number>;
export function clusterPorts(port: number, processes: number): ClusterPorts;
export function haproxyConfig(options: {
  bind: string;
  api: number[];
  remotes: Record<string, number>;
}): string;
export function startCluster(options?: ClusterOptions): Promise<Cluster>;
export function runCluster(args?: string[]): Promise<void>;
