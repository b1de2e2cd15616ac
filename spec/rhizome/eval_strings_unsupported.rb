# Evaluating strings is out of rhizome's scope: eval, binding and the
# string form of instance_eval raise NotImplementedError, while the block
# form of instance_eval works.
p Object.new.instance_eval { self.class }
begin
  instance_eval("1 + 1")
rescue NotImplementedError => e
  puts "#{e.class}: #{e.message}"
end
begin
  binding
rescue NotImplementedError => e
  puts "#{e.class}: #{e.message}"
end
eval("1 + 1")
