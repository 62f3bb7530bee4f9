import { ContractStatus } from '@dc/contract';
import { describe, expect, it } from 'vitest';
import {
  contractLabels,
  contractStatusTagColor,
  timelineColor,
} from '../../src/pages/contracts/contract-labels.ts';

describe('§4 contract states as tags', () => {
  it('every state has its own tag colour: failed red, pending audit orange, finished green', () => {
    expect(contractStatusTagColor[ContractStatus.failedAudit]).toBe('error');
    expect(contractStatusTagColor[ContractStatus.pendingAudit]).toBe('warning');
    expect(contractStatusTagColor[ContractStatus.pendingExecution]).toBe('blue');
    expect(contractStatusTagColor[ContractStatus.executing]).toBe('processing');
    expect(contractStatusTagColor[ContractStatus.finished]).toBe('success');
    expect(new Set(Object.values(contractStatusTagColor)).size).toBe(5);
  });

  it('labels states, types and directions in both languages (3 reads "audit succeeded")', () => {
    expect(contractLabels('zh-CN').status(1)).toBe('待审核');
    expect(contractLabels('zh-CN').status(3)).toBe('审核成功');
    expect(contractLabels('en-US').status(0)).toBe('Failed audit');
    expect(contractLabels('zh-CN').type(2)).toBe('补充协议');
    expect(contractLabels('en-US').direction(1)).toBe('Receipt');
    expect(contractLabels('zh-CN').event('audited')).toBe('平台审核');
  });

  it('timeline dots follow the state an event led to', () => {
    expect(timelineColor(null)).toBe('gray');
    expect(timelineColor(0)).toBe('red');
    expect(timelineColor(1)).toBe('blue');
    expect(timelineColor(4)).toBe('green');
  });
});
