package dd

// SolverVersion names the answers this solver gives. Answers kept beside a
// log (projections/ddkeep) are bound to it: bump it whenever a change to
// the solver, its table, par or trace changes any answer (not when it only
// makes them faster), and every answer kept by an older version is
// discarded and solved again.
const SolverVersion = 1
