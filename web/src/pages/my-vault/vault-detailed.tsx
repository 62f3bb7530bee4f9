import { ComingWithIssue } from '../../components/ComingWithIssue.tsx';

/** Arrives with issue 6; until then the route exists and says so honestly. */
export default function VaultDetailedPage() {
  return <ComingWithIssue issue={6} />;
}
