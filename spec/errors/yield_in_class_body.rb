class Worker
  [1, 2].each { yield }
end
