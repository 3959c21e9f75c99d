export default function CallingPage() { return null; }
