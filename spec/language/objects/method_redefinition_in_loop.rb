class Worker
  def work
    "v1"
  end
end

w = Worker.new
results = []
6.times do |i|
  results << w.work
  if i == 2
    class Worker
      def work
        "v2"
      end
    end
  end
end
p results
