# Only the main thread runs: Thread.new is a clear NotImplementedError.
p Thread.current.alive?
Thread.new { 1 }
