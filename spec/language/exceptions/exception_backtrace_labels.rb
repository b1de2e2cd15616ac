def level3
  raise "deep"
end

def level2
  [1].each { level3 }
end

class Runner
  def self.go = new.run
  def run = level2
end

begin
  Runner.go
rescue => e
  puts e.backtrace
end
