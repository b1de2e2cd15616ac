class Recorder
  def initialize
    @log = []
  end

  def method_missing(name, *args)
    @log << "#{name}(#{args.join(",")})"
    self
  end

  def respond_to_missing?(name, include_all)
    true
  end

  def log
    @log
  end
end

r = Recorder.new
r.alpha.beta(1, 2) + 3
r[4]
r.gamma = 5
p r.log
p r.respond_to?(:anything)
