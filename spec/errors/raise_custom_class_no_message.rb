class EmptyError < StandardError; end

def go
  raise EmptyError
end
go
