import os from 'node:os';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  ramGb: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the run started: other work on the machine skews results. */
  loadAverageAtStart: number[];
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    ramGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}
