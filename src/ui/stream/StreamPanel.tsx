import { useAppStore } from '../../store/app-store';
import { StreamOfferView } from './StreamOfferView';
import { StreamResultView } from './StreamResultView';
import { StreamRunView } from './StreamRunView';
import './stream.css';

/**
 * The streaming path, for sets beyond what the table can hold: the offer
 * (why, and the choice), the run's progress, then what was found and the
 * zip of the re-split files.
 */
export function StreamPanel() {
  const offer = useAppStore((s) => s.streamOffer);
  const run = useAppStore((s) => s.streamRun);
  const result = useAppStore((s) => s.streamResult);
  if (offer) return <StreamOfferView offer={offer} />;
  if (run) return <StreamRunView run={run} />;
  if (result) return <StreamResultView outcome={result} />;
  return null;
}
