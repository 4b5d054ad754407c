// The federation runtime's floor (issue 14): a host that registers one remote and renders its page,
// sharing React and react-dom only. bench/lib/floors.mjs builds it with the portal's federation
// settings; what its main.js and the remote's entry weigh is the runtime alone. Never served.
import('./bootstrap');
