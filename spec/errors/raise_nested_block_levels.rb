def grid
  [1].each do |r|
    [2].each do |c|
      [3].map do |v|
        raise ArgumentError, "cell #{r},#{c},#{v}"
      end
    end
  end
end

grid
