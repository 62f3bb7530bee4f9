import {
  type ContractEventKind,
  type ContractStatusValue,
  type ContractTypeValue,
  contractEventLabels,
  contractStatusLabels,
  contractTypeLabels,
  type DirectionValue,
  directionLabels,
  type Language,
} from '@dc/contract';

/**
 * Spec section 4's contract states as tags: failed audit red, pending audit orange, pending
 * execution blue, executing (audit succeeded) the "processing" blue with its pulse, finished green.
 */
export const contractStatusTagColor: Record<ContractStatusValue, string> = {
  0: 'error',
  1: 'warning',
  2: 'blue',
  3: 'processing',
  4: 'success',
};

/** The timeline dot of an event by the state it led to (antd Timeline colours). */
export function timelineColor(toStatus: ContractStatusValue | null): string {
  if (toStatus === null) return 'gray';
  if (toStatus === 0) return 'red';
  if (toStatus === 4) return 'green';
  return 'blue';
}

/** The contract's own labels (`@dc/contract`), in the console's language. */
export const contractLabels = (language: Language) => ({
  status: (value: ContractStatusValue) => contractStatusLabels[value][language],
  type: (value: ContractTypeValue) => contractTypeLabels[value][language],
  direction: (value: DirectionValue) => directionLabels[value][language],
  event: (kind: ContractEventKind) => contractEventLabels[kind][language],
});
