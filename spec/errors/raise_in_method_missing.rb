class Ghost
  def inspect = "#<Ghost>"

  def method_missing(name, *args)
    raise ArgumentError, "ghost cannot #{name}" if name.to_s.start_with?("do_")
    super
  end
end

Ghost.new.do_dance
