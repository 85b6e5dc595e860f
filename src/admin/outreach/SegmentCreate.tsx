/** '/outreach/create': a new group. */
import { SegmentForm } from './SegmentForm.tsx';

export default function SegmentCreate() {
  return <SegmentForm segment={null} />;
}
