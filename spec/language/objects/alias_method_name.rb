class Walker
  def go
    __method__
  end
  alias_method :run, :go
  alias walk go
end

w = Walker.new
p w.go
p w.run
p w.walk
p w.method(:run).name
p w.method(:run).original_name
