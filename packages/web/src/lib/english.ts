import { messages } from '@selfserve/contract';
import labels from '@selfserve/contract/locales/en.json';

/** English as one locale file, like the others: the labels file plus the contract's catalogue (its `en`). */
export default { ...labels, messages };
